resource "terraform_data" "r0" {
  input = { a = 0, b = 0 }
  triggers_replace = ["x1"]
}

resource "terraform_data" "r1" {
  input = "api"
}

resource "terraform_data" "r2" {
  input = { n = 0, s = "k-2" }
  triggers_replace = [terraform_data.r0.id]
}

resource "terraform_data" "r3" {
  count = 0
  input = [count.index, terraform_data.r2.input, { n = 3, s = "zz" }]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset(["b"])
  v0 = toset(["web", "api"])
}

module "m1" {
  source = "./modules/c1"
  v0 = { "zz" = "k-2", "b" = "x1", "web" = "db" }
}

output "o0" {
  value = module.m1.o0
}

---
variable "v0" {
  type = set(string)
}

variable "v1" {
  type = string
  default = "zz"
}

locals {
  l0 = 3
}

resource "terraform_data" "r0" {
  for_each = { for s in ["a"] : s => length(s) }
  input = ["${each.key}", "${each.value}", { n = 1, s = "db" }]
}

output "o0" {
  value = length(terraform_data.r0)
}

output "o1" {
  value = keys(terraform_data.r0)
}

output "o2" {
  value = {  }
}

---
variable "v0" {
  type = map(string)
  default = { "k-2" = "db", "a" = "x1", "x1" = "api" }
}

resource "terraform_data" "r0" {
  count = 3
  input = [count.index, "pre-${"b"}"]
}

resource "terraform_data" "r1" {
  input = { a = 3, b = 3 }
}

resource "terraform_data" "r2" {
  input = { a = length([]), b = length([]) }
  triggers_replace = [terraform_data.r1.output]
}

module "m0" {
  source = "../c0"
  v0 = toset(["k-2", "a"])
  v1 = "db"
}

output "o0" {
  value = module.m0.o1
}

---
variable "v0" {
  type = map(string)
  default = { "x1" = "db" }
}

locals {
  l0 = { n = 1, s = "web" }
}

resource "terraform_data" "r0" {
  input = { a = var.v0, b = var.v0 }
  triggers_replace = ["pre-${"x1"}"]
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.output, 1]
}

output "o0" {
  value = "db"
}

output "o1" {
  value = length(["web", "a"])
}
