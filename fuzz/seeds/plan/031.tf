variable "v0" {
  type = string
  default = "web"
}

variable "v1" {
  type = number
  default = 1
}

variable "v2" {
  type = string
  default = "a"
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = ["${each.key}", "${each.value}", { n = 1, s = "db" }]
}

resource "terraform_data" "r1" {
  input = [{ for k, x in terraform_data.r0 : k => x.id }, "pre-${"k-2"}"]
}

resource "terraform_data" "r2" {
  input = [terraform_data.r1.output, var.v2]
}

resource "terraform_data" "r3" {
  input = { a = ["x1"], b = ["x1"] }
  triggers_replace = [terraform_data.r2.output]
}

output "o0" {
  value = var.v1
}

output "o1" {
  value = { "api" = "zz" }
}

output "o2" {
  value = terraform_data.r1.input
}

resource "terraform_data" "bad" {
  input = each.key
}
