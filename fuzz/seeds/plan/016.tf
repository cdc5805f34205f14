variable "v0" {
  type = number
  default = 5
}

resource "terraform_data" "r0" {
  count = length([])
  input = [count.index, var.v0]
}

resource "terraform_data" "r1" {
  for_each = toset(["b", "api"])
  input = { a = "${each.key}", b = { "a" = "k-2", "x1" = "api" } }
  triggers_replace = [terraform_data.r0[*].output]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset(["zz", "api", "a"])
  v1 = { "b" = "x1", "x1" = "zz" }
}

module "m1" {
  source = "./modules/c1"
  for_each = { for s in ["x1", "web"] : s => length(s) }
  v0 = { "b" = "x1", "k-2" = "k-2" }
  v1 = ["a", "zz", "k-2"]
}

module "m2" {
  source = "./modules/c2"
  v0 = { n = 1 }
  v1 = { "x1" = "a" }
}

output "o0" {
  value = { for k, m in module.m0 : k => m.o0 }
}

output "o1" {
  value = "api"
}

---
variable "v0" {
  type = map(string)
  default = {  }
}

variable "v1" {
  type = map(string)
}

locals {
  l0 = "pre-${"db"}"
}

locals {
  l1 = ["web", "api"]
}

resource "terraform_data" "r0" {
  input = local.l1
}

output "o0" {
  value = terraform_data.r0.input
}

---
variable "v0" {
  type = map(string)
}

variable "v1" {
  type = list(string)
  default = ["x1"]
}

resource "terraform_data" "r0" {
  input = 5
}

resource "terraform_data" "r1" {
  count = length(var.v1)
  input = [count.index, terraform_data.r0.input, var.v0]
}

resource "terraform_data" "r2" {
  for_each = toset(var.v1)
  input = { a = "${each.key}", b = length(var.v1) }
}

module "m0" {
  source = "../c0"
  count = length(var.v1)
  v0 = var.v0
  v1 = var.v0
}

output "o0" {
  value = 1
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v1" {
  type = map(string)
  default = { "db" = "k-2", "b" = "k-2", "k-2" = "db" }
}

locals {
  l0 = "api"
}

locals {
  l1 = "db"
}

locals {
  l2 = 3
}

resource "terraform_data" "r0" {
  input = ["db", "x1", "api"]
}

resource "terraform_data" "r1" {
  for_each = { for s in [] : s => length(s) }
  input = ["${each.key}", "${each.value}", terraform_data.r0.input, var.v0]
}

resource "terraform_data" "r2" {
  count = local.l2
  input = [count.index, keys(terraform_data.r1), length(["db"])]
}

output "o0" {
  value = terraform_data.r2[*].input
}

output "o1" {
  value = var.v0
}

output "o2" {
  value = local.l2
}
