resource "terraform_data" "r0" {
  input = { a = ["db", "x1"], b = ["db", "x1"] }
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.input, { "a" = "a", "k-2" = "api" }]
}

resource "terraform_data" "r2" {
  for_each = toset(["api"])
  input = { a = "${each.key}", b = { "api" = "api", "k-2" = "api", "x1" = "zz" } }
}

output "o0" {
  value = length(terraform_data.r2)
}

output "o1" {
  value = keys(terraform_data.r2)
}

output "o2" {
  value = terraform_data.r1.input
}
