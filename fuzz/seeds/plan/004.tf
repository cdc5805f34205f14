variable "v0" {
  type = map(string)
  default = {  }
}

variable "v1" {
  type = number
  default = 2
}

variable "v2" {
  type = number
  default = 5
}

locals {
  l0 = [for s in [] : upper(s)]
}

locals {
  l1 = { n = 2, s = "x1" }
}

resource "terraform_data" "r0" {
  count = length(local.l0)
  input = { a = count.index, b = "db" }
}

resource "terraform_data" "r1" {
  input = { n = 2, s = "db" }
}

resource "terraform_data" "r2" {
  for_each = { for s in local.l0 : s => length(s) }
  input = ["${each.key}", "${each.value}", [for x in terraform_data.r0 : x.input], { "x1" = "k-2", "b" = "api", "web" = "db" }]
  triggers_replace = [length(terraform_data.r0)]
}

output "o0" {
  value = terraform_data.r1.input
}

output "o1" {
  value = length(terraform_data.r2)
}

output "o2" {
  value = var.v2
}

locals {
  selfish = local.selfish
}
