variable "v0" {
  type = number
  default = 0
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

locals {
  l0 = var.v0
}

resource "terraform_data" "r0" {
  input = { a = { "b" = "zz", "a" = "b", "web" = "x1" }, b = { "b" = "zz", "a" = "b", "web" = "x1" } }
}

resource "terraform_data" "r1" {
  input = local.l0
}

resource "terraform_data" "r2" {
  input = ["db"]
}

module "m0" {
  source = "./modules/c0"
  count = local.l0
  v0 = ["a", "zz"]
}

module "m1" {
  source = "./modules/c1"
  count = local.l0
  v1 = toset(["db", "a", "web"])
  v2 = toset(["b"])
}

module "m2" {
  source = "./modules/c2"
  v0 = local.l0
}

output "o0" {
  value = local.l0
}

output "o1" {
  value = module.m1[*].o1
}

---
variable "v0" {
  type = list(string)
}

locals {
  l0 = { for s in ["web", "zz"] : s => "v-${s}" }
}

locals {
  l1 = 0
}

locals {
  l2 = { n = 2, s = "zz" }
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = { a = "${each.key}", b = [] }
}

output "o0" {
  value = keys(terraform_data.r0)
}

---
variable "v0" {
  type = list(string)
  default = ["db", "k-2"]
}

variable "v1" {
  type = set(string)
  default = ["zz", "a"]
}

variable "v2" {
  type = set(string)
}

locals {
  l0 = var.v1
}

locals {
  l1 = "pre-${"web"}"
}

resource "terraform_data" "r0" {
  for_each = toset(["x1", "zz", "b"])
  input = ["${each.key}", "${each.value}", { n = 0, s = "zz" }]
}

resource "terraform_data" "r1" {
  count = 0
  input = [count.index, keys(terraform_data.r0), 0]
  triggers_replace = [keys(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  input = { a = { for k, x in terraform_data.r0 : k => x.input }, b = 0 }
}

output "o0" {
  value = "a"
}

output "o1" {
  value = local.l1
}

---
variable "v0" {
  type = number
  default = 3
}

variable "v1" {
  type = string
  default = "zz"
}

variable "v2" {
  type = set(string)
  default = ["a"]
}

locals {
  l0 = "pre-${var.v1}"
}

resource "terraform_data" "r0" {
  input = { "api" = "x1", "db" = "web" }
  triggers_replace = ["api"]
}

resource "terraform_data" "r1" {
  for_each = toset(["db"])
  input = ["${each.key}", "${each.value}", terraform_data.r0.input, local.l0]
}

resource "terraform_data" "r2" {
  count = 5
  input = [count.index, terraform_data.r0.input, var.v0]
}

resource "terraform_data" "r3" {
  input = [terraform_data.r0.output, {  }]
}

output "o0" {
  value = terraform_data.r3.input
}
