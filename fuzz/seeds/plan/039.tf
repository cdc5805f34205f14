locals {
  l0 = toset(["db", "zz"])
}

resource "terraform_data" "r0" {
  input = { a = { n = 3, s = "b" }, b = { n = 3, s = "b" } }
}

resource "terraform_data" "r1" {
  for_each = toset(["b", "x1", "api"])
  input = { a = "${each.key}", b = {  } }
  triggers_replace = [terraform_data.r0.id]
}

resource "terraform_data" "r2" {
  for_each = { for s in ["db", "k-2"] : s => length(s) }
  input = { a = "${each.key}", b = 3 }
}

resource "terraform_data" "r3" {
  input = [terraform_data.r0.id, 2]
  triggers_replace = [{ for k, x in terraform_data.r1 : k => x.output }]
}

module "m0" {
  source = "./modules/c0"
  count = 0
}

output "o0" {
  value = module.m0[*].o1
}

output "o1" {
  value = terraform_data.r0.input
}

output "o2" {
  value = module.m0[*].o0
}

resource "terraform_data" "bad" {
  input = count.index
}

---
variable "v0" {
  type = string
  default = "a"
}

locals {
  l0 = { n = 2, s = "web" }
}

locals {
  l1 = 2
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = ["${each.key}", "${each.value}", local.l1]
}

output "o0" {
  value = { "zz" = "k-2", "b" = "b" }
}

output "o1" {
  value = { "b" = "a", "db" = "k-2", "a" = "a" }
}

---
variable "v0" {
  type = set(string)
  default = []
}

variable "v1" {
  type = set(string)
  default = ["db"]
}

variable "v2" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

locals {
  l0 = ["db", "k-2"]
}

locals {
  l1 = "pre-${"web"}"
}

locals {
  l2 = "pre-${local.l1}"
}

resource "terraform_data" "r0" {
  count = 0
  input = [count.index, 0]
}

module "m0" {
  source = "../c0"
  v0 = "pre-${local.l2}"
}

output "o0" {
  value = 0
}

output "o1" {
  value = [for x in terraform_data.r0 : x.input]
}

output "o2" {
  value = terraform_data.r0[*].output
}

---
variable "v0" {
  type = set(string)
  default = []
}

locals {
  l0 = "a"
}

locals {
  l1 = { n = 2, s = "a" }
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = ["${each.key}", "${each.value}", ["x1"]]
}

resource "terraform_data" "r1" {
  input = [keys(terraform_data.r0), 2]
  triggers_replace = [{ for k, x in terraform_data.r0 : k => x.output }]
}

resource "terraform_data" "r2" {
  count = 0
  input = { a = count.index, b = local.l0 }
}

output "o0" {
  value = terraform_data.r1.id
}

output "o1" {
  value = { "zz" = "k-2" }
}

output "o2" {
  value = local.l1
}
