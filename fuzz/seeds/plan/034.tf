variable "v0" {
  type = number
  default = 2
}

resource "terraform_data" "r0" {
  input = { a = { n = 1, s = "b" }, b = { n = 1, s = "b" } }
}

resource "terraform_data" "r1" {
  input = ["a", "k-2"]
  triggers_replace = [terraform_data.r0.output]
}

resource "terraform_data" "r2" {
  for_each = { for s in [] : s => length(s) }
  input = ["${each.key}", "${each.value}", "web"]
}

resource "terraform_data" "r3" {
  input = { a = ["zz"], b = ["zz"] }
  triggers_replace = [terraform_data.r1.output]
}

output "o0" {
  value = []
}
