variable "v0" {
  type = list(string)
  default = []
}

variable "v1" {
  type = string
  default = "zz"
}

locals {
  l0 = 3
}

locals {
  l1 = [for s in var.v0 : upper(s)]
}

locals {
  l2 = var.v1
}

resource "terraform_data" "r0" {
  input = { n = 2, s = "b" }
}

resource "terraform_data" "r1" {
  input = { a = length(var.v0), b = length(var.v0) }
}

resource "terraform_data" "r2" {
  input = { a = terraform_data.r0.output, b = { n = 1, s = "b" } }
}

resource "terraform_data" "r3" {
  input = { a = terraform_data.r0.id, b = 1 }
}

module "m0" {
  source = "./modules/c1"
  v0 = 0
}

output "o0" {
  value = { n = 0, s = "api" }
}

output "o1" {
  value = module.m0.o0
}

output "o2" {
  value = terraform_data.r1.input
}

---
variable "v0" {
  type = number
  default = 3
}

locals {
  l0 = toset(["web", "api"])
}

locals {
  l1 = "x1"
}

locals {
  l2 = "pre-${local.l1}"
}

resource "terraform_data" "r0" {
  for_each = local.l0
  input = ["${each.key}", "${each.value}", []]
  triggers_replace = [local.l2]
}

resource "terraform_data" "r1" {
  count = 5
  input = { a = count.index, b = var.v0 }
}

resource "terraform_data" "r2" {
  count = 5
  input = { a = count.index, b = { n = 0, s = "zz" } }
}

resource "terraform_data" "r3" {
  input = { a = terraform_data.r1[*].input, b = var.v0 }
  triggers_replace = [length(terraform_data.r0)]
}

output "o0" {
  value = { n = 3, s = "b" }
}

---
variable "v0" {
  type = number
  default = 5
}

locals {
  l0 = { "db" = "b", "a" = "web" }
}

resource "terraform_data" "r0" {
  count = var.v0
  input = [count.index, { "b" = "db", "api" = "x1", "k-2" = "k-2" }]
}

resource "terraform_data" "r1" {
  for_each = { for s in ["api"] : s => length(s) }
  input = ["${each.key}", "${each.value}", var.v0]
}

module "m0" {
  source = "../c0"
  count = 3
}

output "o0" {
  value = module.m0[*].o0
}
