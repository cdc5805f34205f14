variable "v0" {
  type = number
  default = 3
}

variable "v1" {
  type = map(string)
  default = { "b" = "zz" }
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = ["${each.key}", "${each.value}", 3]
}

resource "terraform_data" "r1" {
  for_each = var.v1
  input = ["${each.key}", "${each.value}", { n = 3, s = "db" }]
}

resource "terraform_data" "r2" {
  input = var.v1
  triggers_replace = [{ for k, x in terraform_data.r1 : k => x.id }]
}

resource "terraform_data" "r3" {
  input = [{ for k, x in terraform_data.r0 : k => x.output }, var.v0]
}

output "o0" {
  value = "web"
}

output "o1" {
  value = terraform_data.r2.id
}
