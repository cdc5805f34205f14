locals {
  l0 = {  }
}

locals {
  l1 = toset(["a"])
}

resource "terraform_data" "r0" {
  count = length(["b", "a"])
  input = { a = count.index, b = local.l0 }
}

resource "terraform_data" "r1" {
  count = 1
  input = [count.index, length(["api", "db"])]
}

resource "terraform_data" "r2" {
  count = 2
  input = { a = count.index, b = ["b"] }
  triggers_replace = [terraform_data.r0[*].id]
}

module "m0" {
  source = "./modules/c0"
  v0 = 5
  v1 = ["web"]
}

module "m1" {
  source = "./modules/c2"
  count = 0
  v0 = 0
  v1 = local.l1
}

output "o0" {
  value = length(terraform_data.r0)
}

output "o1" {
  value = "api"
}

---
variable "v0" {
  type = number
  default = 3
}

variable "v1" {
  type = list(string)
  default = ["api"]
}

variable "v2" {
  type = list(string)
  default = ["x1", "db"]
}

locals {
  l0 = "b"
}

locals {
  l1 = "pre-${local.l0}"
}

locals {
  l2 = [for s in var.v1 : upper(s)]
}

resource "terraform_data" "r0" {
  input = { "web" = "zz", "zz" = "k-2" }
}

resource "terraform_data" "r1" {
  count = var.v0
  input = { a = count.index, b = var.v0 }
}

output "o0" {
  value = 5
}

---
variable "v0" {
  type = map(string)
  default = { "b" = "a", "zz" = "zz", "x1" = "a" }
}

locals {
  l0 = { for s in ["x1", "api"] : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  input = { a = { n = 1, s = "x1" }, b = { n = 1, s = "x1" } }
}

module "m0" {
  source = "../c0"
  count = 1
  v0 = 5
  v1 = ["k-2", "web", "api"]
}

output "o0" {
  value = module.m0[*].o0
}

output "o1" {
  value = module.m0[*].o0
}

---
variable "v0" {
  type = number
}

variable "v1" {
  type = set(string)
  default = []
}

locals {
  l0 = {  }
}

locals {
  l1 = local.l0
}

locals {
  l2 = "db"
}

resource "terraform_data" "r0" {
  count = 5
  input = [count.index, length(["api", "web", "k-2"])]
}

resource "terraform_data" "r1" {
  input = local.l1
  triggers_replace = [length(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  count = 0
  input = { a = count.index, b = ["web", "x1"] }
  triggers_replace = [length(terraform_data.r0)]
}

output "o0" {
  value = [for x in terraform_data.r0 : x.id]
}

output "o1" {
  value = local.l2
}

output "o2" {
  value = length(["a", "k-2", "db"])
}
