variable "v0" {
  type = number
  default = 0
}

variable "v1" {
  type = number
  default = 5
}

locals {
  l0 = { "db" = "b", "x1" = "k-2" }
}

locals {
  l1 = 3
}

locals {
  l2 = toset(["web", "api"])
}

resource "terraform_data" "r0" {
  count = length(["x1"])
  input = { a = count.index, b = length(["db", "k-2", "zz"]) }
  triggers_replace = ["pre-${"api"}"]
}

resource "terraform_data" "r1" {
  for_each = { for s in ["x1"] : s => length(s) }
  input = { a = "${each.key}", b = var.v0 }
}

resource "terraform_data" "r2" {
  for_each = toset(["b", "zz", "x1"])
  input = ["${each.key}", "${each.value}", "pre-${"b"}"]
  triggers_replace = [length(terraform_data.r0)]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset(["zz", "b"])
  v1 = []
}

module "m1" {
  source = "./modules/c1"
  v0 = local.l2
  v1 = var.v0
  v2 = {  }
}

output "o0" {
  value = module.m1.o0
}

output "o1" {
  value = "db"
}

---
variable "v0" {
  type = string
  default = "a"
}

variable "v1" {
  type = list(string)
  default = []
}

locals {
  l0 = toset([])
}

locals {
  l1 = { n = 3, s = "web" }
}

resource "terraform_data" "r0" {
  input = "pre-${var.v0}"
}

resource "terraform_data" "r1" {
  count = 3
  input = [count.index, terraform_data.r0.input, "k-2"]
}

resource "terraform_data" "r2" {
  for_each = { "a" = "k-2" }
  input = { a = "${each.key}", b = 0 }
}

resource "terraform_data" "r3" {
  count = length([])
  input = { a = count.index, b = { "b" = "web" } }
}

output "o0" {
  value = [for x in terraform_data.r1 : x.input]
}

---
variable "v0" {
  type = set(string)
}

variable "v1" {
  type = number
}

variable "v2" {
  type = map(string)
}

locals {
  l0 = "a"
}

resource "terraform_data" "r0" {
  input = { a = { n = 2, s = "zz" }, b = { n = 2, s = "zz" } }
  triggers_replace = ["a"]
}

output "o0" {
  value = terraform_data.r0.id
}
