variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 2 }
}

variable "v1" {
  type = list(string)
  default = []
}

locals {
  l0 = { for s in var.v1 : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  input = { a = var.v0, b = var.v0 }
  triggers_replace = ["x1"]
}

resource "terraform_data" "r1" {
  input = ["x1", "api"]
}

resource "terraform_data" "r2" {
  input = [terraform_data.r1.input, var.v0]
}

module "m0" {
  source = "./modules/c1"
  v1 = "k-2"
  v2 = toset(["x1"])
}

output "o0" {
  value = terraform_data.r2.input
}

output "o1" {
  value = 0
}

---
variable "v0" {
  type = string
  default = "b"
}

locals {
  l0 = "db"
}

resource "terraform_data" "r0" {
  for_each = { for s in ["k-2", "db"] : s => length(s) }
  input = ["${each.key}", "${each.value}", []]
  triggers_replace = ["pre-${local.l0}"]
}

output "o0" {
  value = ["b"]
}

---
variable "v0" {
  type = number
  default = 1
}

variable "v1" {
  type = string
}

variable "v2" {
  type = set(string)
  default = ["x1", "zz", "web"]
}

locals {
  l0 = var.v1
}

locals {
  l1 = ["zz", "x1"]
}

locals {
  l2 = local.l1
}

resource "terraform_data" "r0" {
  input = { a = { n = 1, s = "api" }, b = { n = 1, s = "api" } }
  triggers_replace = ["pre-${local.l0}"]
}

module "m0" {
  source = "../c0"
  count = length(local.l1)
}

output "o0" {
  value = module.m0[*].o0
}

---
variable "v0" {
  type = string
  default = "zz"
}

variable "v1" {
  type = map(string)
  default = {  }
}

locals {
  l0 = { n = 0, s = "a" }
}

locals {
  l1 = 0
}

resource "terraform_data" "r0" {
  count = 3
  input = [count.index, local.l1]
  triggers_replace = [var.v0]
}

resource "terraform_data" "r1" {
  count = length([])
  input = { a = count.index, b = var.v1 }
  triggers_replace = [length(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  count = local.l1
  input = [count.index, local.l0]
  triggers_replace = [terraform_data.r0[*].output]
}

module "m0" {
  source = "../c1"
  v1 = var.v0
}

output "o0" {
  value = [for x in terraform_data.r0 : x.input]
}

output "o1" {
  value = terraform_data.r2[*].output
}

output "o2" {
  value = module.m0.o0
}
