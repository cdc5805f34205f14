variable "v0" {
  type = list(string)
  default = []
}

variable "v1" {
  type = map(string)
  default = {  }
}

variable "v2" {
  type = map(string)
  default = { "b" = "db", "db" = "a", "a" = "zz" }
}

locals {
  l0 = toset([])
}

resource "terraform_data" "r0" {
  count = 5
  input = [count.index, length(var.v0)]
}

resource "terraform_data" "r1" {
  count = length(var.v0)
  input = [count.index, length(terraform_data.r0), var.v2]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset([])
  v0 = 3
  v1 = var.v0
  v2 = length(var.v0)
}

module "m1" {
  source = "./modules/c1"
  for_each = toset(var.v0)
  v0 = { n = 1 }
}

output "o0" {
  value = var.v1
}

output "o1" {
  value = [for x in terraform_data.r0 : x.output]
}

output "o2" {
  value = { for k, m in module.m0 : k => m.o0 }
}

---
variable "v0" {
  type = number
  default = 1
}

variable "v1" {
  type = list(string)
  default = ["web", "a", "db"]
}

variable "v2" {
  type = number
}

locals {
  l0 = var.v0
}

resource "terraform_data" "r0" {
  input = { a = { n = 0, s = "k-2" }, b = { n = 0, s = "k-2" } }
}

resource "terraform_data" "r1" {
  input = { n = 0, s = "zz" }
  triggers_replace = [terraform_data.r0.output]
}

resource "terraform_data" "r2" {
  count = var.v0
  input = [count.index, { n = 2, s = "web" }]
  triggers_replace = [terraform_data.r1.output]
}

resource "terraform_data" "r3" {
  input = [length(terraform_data.r2), var.v2]
}

output "o0" {
  value = "web"
}

output "o1" {
  value = [for x in terraform_data.r2 : x.output]
}

output "o2" {
  value = terraform_data.r1.output
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 2 }
}

resource "terraform_data" "r0" {
  input = var.v0
  triggers_replace = ["zz"]
}

resource "terraform_data" "r1" {
  for_each = { for s in ["zz", "a", "b"] : s => length(s) }
  input = ["${each.key}", "${each.value}", terraform_data.r0.input, ["a", "web"]]
}

resource "terraform_data" "r2" {
  for_each = { for s in ["api"] : s => length(s) }
  input = { a = "${each.key}", b = 0 }
}

module "m0" {
  source = "../c0"
  v1 = ["x1", "b"]
  v2 = 5
}

output "o0" {
  value = terraform_data.r0.input
}

output "o1" {
  value = keys(terraform_data.r2)
}

output "o2" {
  value = { "x1" = "a" }
}
