variable "v0" {
  type = list(string)
  default = []
}

variable "v1" {
  type = map(string)
  default = { "api" = "x1", "zz" = "zz" }
}

locals {
  l0 = toset(["api", "web"])
}

locals {
  l1 = { n = 2, s = "k-2" }
}

resource "terraform_data" "r0" {
  input = { "web" = "web", "x1" = "db" }
}

resource "terraform_data" "r1" {
  for_each = var.v1
  input = ["${each.key}", "${each.value}", terraform_data.r0.id, "a"]
  triggers_replace = [terraform_data.r0.id]
}

resource "terraform_data" "r2" {
  count = 1
  input = { a = count.index, b = local.l1 }
}

module "m0" {
  source = "./modules/c0"
  for_each = { "a" = "x1", "x1" = "b" }
  v0 = { n = 1 }
  v1 = var.v1
  v2 = "web"
}

output "o0" {
  value = { for k, x in terraform_data.r1 : k => x.id }
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v1" {
  type = map(string)
}

variable "v2" {
  type = string
  default = "web"
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = { a = "${each.key}", b = var.v1 }
}

resource "terraform_data" "r1" {
  count = 0
  input = [count.index, keys(terraform_data.r0), "pre-${var.v2}"]
  triggers_replace = [keys(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  for_each = toset(["a", "x1"])
  input = { a = "${each.key}", b = var.v1 }
}

output "o0" {
  value = ["a", "x1", "db"]
}

---
variable "v0" {
  type = string
  default = "db"
}

variable "v1" {
  type = number
}

variable "v2" {
  type = map(string)
  default = { "x1" = "zz", "k-2" = "b" }
}

locals {
  l0 = []
}

locals {
  l1 = var.v1
}

resource "terraform_data" "r0" {
  count = 0
  input = [count.index, "web"]
}

resource "terraform_data" "r1" {
  input = ["k-2", "b", "a"]
}

resource "terraform_data" "r2" {
  input = [[for x in terraform_data.r0 : x.id], "pre-${var.v0}"]
  triggers_replace = [terraform_data.r1.output]
}

module "m0" {
  source = "../c0"
  v1 = var.v2
}

output "o0" {
  value = module.m0.o0
}

output "o1" {
  value = terraform_data.r2.output
}

output "o2" {
  value = terraform_data.r2.output
}
