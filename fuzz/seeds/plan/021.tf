variable "v0" {
  type = list(string)
  default = ["b"]
}

locals {
  l0 = 5
}

resource "terraform_data" "r0" {
  input = "pre-${"k-2"}"
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.output, "pre-${"db"}"]
}

resource "terraform_data" "r2" {
  count = local.l0
  input = [count.index, { "b" = "db", "zz" = "a" }]
}

resource "terraform_data" "r3" {
  input = { a = terraform_data.r0.id, b = { "db" = "web", "a" = "b", "x1" = "x1" } }
}

module "m0" {
  source = "./modules/c0"
  count = local.l0
  v0 = var.v0
  v1 = toset(["a", "api", "x1"])
  v2 = length(var.v0)
}

module "m1" {
  source = "./modules/c1"
  count = local.l0
  v0 = {  }
  v1 = {  }
  v2 = length(var.v0)
}

module "m2" {
  source = "./modules/c2"
  count = 5
  v0 = length(["a"])
}

output "o0" {
  value = terraform_data.r1.output
}

output "o1" {
  value = module.m2[*].o0
}

output "o2" {
  value = terraform_data.r1.input
}

resource "terraform_data" "bad" {
  input = each.key
}

---
variable "v0" {
  type = list(string)
  default = ["zz"]
}

variable "v1" {
  type = set(string)
  default = ["a"]
}

variable "v2" {
  type = number
  default = 5
}

locals {
  l0 = var.v2
}

locals {
  l1 = { n = 0, s = "k-2" }
}

locals {
  l2 = { n = 3, s = "zz" }
}

resource "terraform_data" "r0" {
  input = { a = length([]), b = length([]) }
}

output "o0" {
  value = "api"
}

output "o1" {
  value = 1
}

---
variable "v0" {
  type = map(string)
  default = { "db" = "k-2", "web" = "x1", "b" = "api" }
}

variable "v1" {
  type = map(string)
  default = { "zz" = "x1", "db" = "a" }
}

variable "v2" {
  type = number
  default = 3
}

resource "terraform_data" "r0" {
  count = var.v2
  input = [count.index, { n = 0, s = "web" }]
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0[*].id, "k-2"]
}

resource "terraform_data" "r2" {
  input = "a"
}

resource "terraform_data" "r3" {
  count = 1
  input = { a = count.index, b = var.v1 }
}

module "m0" {
  source = "../c0"
  for_each = { for s in ["a", "web", "b"] : s => length(s) }
  v0 = ["api"]
}

output "o0" {
  value = terraform_data.r2.id
}

output "o1" {
  value = { for k, m in module.m0 : k => m.o1 }
}

output "o2" {
  value = { "web" = "web" }
}

---
variable "v0" {
  type = number
  default = 1
}

locals {
  l0 = toset(["k-2", "db"])
}

locals {
  l1 = "pre-${"web"}"
}

resource "terraform_data" "r0" {
  count = 0
  input = [count.index, 0]
}

resource "terraform_data" "r1" {
  for_each = toset(["x1"])
  input = ["${each.key}", "${each.value}", [for x in terraform_data.r0 : x.input], { n = 1, s = "b" }]
}

resource "terraform_data" "r2" {
  count = length([])
  input = [count.index, var.v0]
}

resource "terraform_data" "r3" {
  count = length(["k-2", "api"])
  input = [count.index, length(terraform_data.r0), { "b" = "a" }]
}

output "o0" {
  value = terraform_data.r3[*].id
}
