variable "v0" {
  type = list(string)
  default = ["api"]
}

variable "v1" {
  type = set(string)
  default = ["b"]
}

variable "v2" {
  type = map(string)
  default = {  }
}

locals {
  l0 = { for s in var.v0 : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  input = { n = 0, s = "web" }
}

resource "terraform_data" "r1" {
  for_each = var.v1
  input = ["${each.key}", "${each.value}", "a"]
}

resource "terraform_data" "r2" {
  input = [{ for k, x in terraform_data.r1 : k => x.input }, { n = 0, s = "a" }]
}

module "m0" {
  source = "./modules/c0"
  v0 = "b"
}

module "m1" {
  source = "./modules/c1"
  v0 = ["k-2", "zz"]
  v1 = 2
}

output "o0" {
  value = keys(terraform_data.r1)
}

---
variable "v0" {
  type = string
  default = "x1"
}

variable "v1" {
  type = set(string)
  default = ["k-2", "b"]
}

locals {
  l0 = var.v0
}

resource "terraform_data" "r0" {
  input = {  }
}

output "o0" {
  value = { "web" = "api", "x1" = "db" }
}

---
variable "v0" {
  type = list(string)
}

variable "v1" {
  type = number
}

resource "terraform_data" "r0" {
  for_each = { for s in ["b", "web", "db"] : s => length(s) }
  input = { a = "${each.key}", b = var.v0 }
}

resource "terraform_data" "r1" {
  for_each = toset(var.v0)
  input = ["${each.key}", "${each.value}", { for k, x in terraform_data.r0 : k => x.output }, { n = 0, s = "a" }]
  triggers_replace = [keys(terraform_data.r0)]
}

module "m0" {
  source = "../c0"
  for_each = toset(var.v0)
  v1 = toset(["api"])
}

output "o0" {
  value = { for k, m in module.m0 : k => m.o0 }
}

output "o1" {
  value = []
}
