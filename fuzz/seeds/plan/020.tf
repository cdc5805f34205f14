locals {
  l0 = "pre-${"a"}"
}

resource "terraform_data" "r0" {
  input = { a = { "b" = "b", "db" = "db" }, b = { "b" = "b", "db" = "db" } }
}

resource "terraform_data" "r1" {
  count = 1
  input = { a = count.index, b = length(["k-2", "zz"]) }
}

module "m0" {
  source = "./modules/c0"
  v0 = { n = 1 }
  v1 = []
}

output "o0" {
  value = module.m0.o0
}

output "o1" {
  value = { "a" = "b" }
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v1" {
  type = list(string)
  default = ["a"]
}

locals {
  l0 = { for s in var.v1 : s => "v-${s}" }
}

locals {
  l1 = local.l0
}

locals {
  l2 = { n = var.v0.n, s = var.v0.s }
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = { a = "${each.key}", b = "b" }
  triggers_replace = ["db"]
}

resource "terraform_data" "r1" {
  count = 5
  input = { a = count.index, b = var.v1 }
}

resource "terraform_data" "r2" {
  input = [{ for k, x in terraform_data.r0 : k => x.output }, var.v0]
}

resource "terraform_data" "r3" {
  input = {  }
  triggers_replace = [terraform_data.r1[*].output]
}

output "o0" {
  value = { n = 0, s = "api" }
}
