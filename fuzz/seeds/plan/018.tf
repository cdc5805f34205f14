variable "v0" {
  type = set(string)
  default = ["b"]
}

variable "v1" {
  type = map(string)
  default = { "web" = "b", "k-2" = "db" }
}

variable "v2" {
  type = list(string)
  default = ["k-2", "zz", "db"]
}

locals {
  l0 = { for s in var.v2 : s => "v-${s}" }
}

locals {
  l1 = { n = 0, s = "a" }
}

resource "terraform_data" "r0" {
  for_each = var.v0
  input = ["${each.key}", "${each.value}", local.l0]
}

resource "terraform_data" "r1" {
  input = { a = [], b = [] }
}

module "m0" {
  source = "./modules/c0"
  v0 = "x1"
  v1 = { n = 1, s = "web" }
}

module "m1" {
  source = "./modules/c1"
  for_each = var.v0
}

module "m2" {
  source = "./modules/c2"
  count = 0
  v1 = var.v2
  v2 = { "api" = "zz", "b" = "b" }
}

output "o0" {
  value = terraform_data.r1.id
}

---
variable "v0" {
  type = string
  default = "zz"
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

locals {
  l0 = { "db" = "b", "web" = "api" }
}

locals {
  l1 = "pre-${"db"}"
}

resource "terraform_data" "r0" {
  input = { a = "pre-${"zz"}", b = "pre-${"zz"}" }
  triggers_replace = ["db"]
}

resource "terraform_data" "r1" {
  for_each = local.l0
  input = ["${each.key}", "${each.value}", terraform_data.r0.input, local.l0]
}

output "o0" {
  value = keys(terraform_data.r1)
}

---
variable "v0" {
  type = map(string)
  default = {  }
}

locals {
  l0 = { n = 0, s = "api" }
}

resource "terraform_data" "r0" {
  input = {  }
  triggers_replace = ["b"]
}

resource "terraform_data" "r1" {
  input = { a = terraform_data.r0.id, b = var.v0 }
}

output "o0" {
  value = terraform_data.r0.input
}

output "o1" {
  value = "web"
}

---
variable "v0" {
  type = set(string)
  default = ["b", "a", "x1"]
}

variable "v1" {
  type = list(string)
  default = ["zz", "x1", "k-2"]
}

variable "v2" {
  type = map(string)
}

locals {
  l0 = "web"
}

resource "terraform_data" "r0" {
  input = var.v1
}

resource "terraform_data" "r1" {
  input = { a = ["db"], b = ["db"] }
}

module "m0" {
  source = "../c1"
  count = length(var.v1)
}

output "o0" {
  value = terraform_data.r0.output
}

output "o1" {
  value = module.m0[*].o1
}
