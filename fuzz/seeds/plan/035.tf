variable "v0" {
  type = set(string)
  default = ["k-2", "zz", "a"]
}

locals {
  l0 = toset(["web", "zz"])
}

locals {
  l1 = local.l0
}

locals {
  l2 = { n = 0, s = "api" }
}

resource "terraform_data" "r0" {
  for_each = toset(["zz", "api"])
  input = { a = "${each.key}", b = [] }
}

module "m0" {
  source = "./modules/c0"
  for_each = { "b" = "zz" }
  v0 = ["db", "b", "k-2"]
  v1 = ["db", "api"]
  v2 = local.l1
}

output "o0" {
  value = { for k, m in module.m0 : k => m.o0 }
}

output "o1" {
  value = { "db" = "db", "api" = "api" }
}

---
variable "v0" {
  type = list(string)
}

variable "v1" {
  type = list(string)
  default = ["a", "api"]
}

variable "v2" {
  type = set(string)
}

locals {
  l0 = { n = 2, s = "b" }
}

locals {
  l1 = [for s in var.v0 : upper(s)]
}

resource "terraform_data" "r0" {
  input = "pre-${"api"}"
}

resource "terraform_data" "r1" {
  for_each = { for s in ["api", "db", "x1"] : s => length(s) }
  input = { a = "${each.key}", b = 2 }
}

resource "terraform_data" "r2" {
  input = { a = terraform_data.r0.input, b = { n = 1, s = "web" } }
}

output "o0" {
  value = terraform_data.r0.input
}
