variable "v0" {
  type = list(string)
  default = []
}

locals {
  l0 = 2
}

locals {
  l1 = local.l0
}

resource "terraform_data" "r0" {
  for_each = { for s in var.v0 : s => length(s) }
  input = ["${each.key}", "${each.value}", {  }]
  triggers_replace = ["a"]
}

resource "terraform_data" "r1" {
  count = local.l1
  input = [count.index, length(terraform_data.r0), { "a" = "x1", "k-2" = "web", "db" = "a" }]
}

output "o0" {
  value = length(terraform_data.r0)
}

output "o1" {
  value = length(var.v0)
}
