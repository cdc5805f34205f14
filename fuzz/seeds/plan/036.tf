variable "v0" {
  type = number
  default = 1
}

variable "v1" {
  type = string
  default = "k-2"
}

locals {
  l0 = toset(["b", "x1"])
}

locals {
  l1 = { for s in ["db", "x1", "web"] : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  for_each = { for s in ["api", "k-2", "b"] : s => length(s) }
  input = { a = "${each.key}", b = [] }
}

resource "terraform_data" "r1" {
  input = [{ for k, x in terraform_data.r0 : k => x.id }, var.v1]
}

output "o0" {
  value = { n = 3, s = "api" }
}
