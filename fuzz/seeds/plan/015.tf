locals {
  l0 = "pre-${"a"}"
}

resource "terraform_data" "r0" {
  input = { a = local.l0, b = local.l0 }
}

resource "terraform_data" "r1" {
  count = 1
  input = [count.index, terraform_data.r0.input, { n = 3, s = "db" }]
}

output "o0" {
  value = 3
}

output "o1" {
  value = terraform_data.r0.id
}
