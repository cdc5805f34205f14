resource "terraform_data" "r0" {
  for_each = { for s in ["b", "x1", "zz"] : s => length(s) }
  input = ["${each.key}", "${each.value}", { n = 3, s = "a" }]
}

resource "terraform_data" "r1" {
  input = [{ for k, x in terraform_data.r0 : k => x.output }, { n = 1, s = "a" }]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset([])
  v0 = { n = 1, s = "db" }
  v1 = { n = 1, s = "x1" }
}

output "o0" {
  value = "db"
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

locals {
  l0 = { for s in ["api", "k-2"] : s => "v-${s}" }
}

locals {
  l1 = ["web", "b"]
}

locals {
  l2 = var.v0
}

resource "terraform_data" "r0" {
  for_each = toset(["zz", "x1", "a"])
  input = { a = "${each.key}", b = 3 }
}

output "o0" {
  value = length(terraform_data.r0)
}
