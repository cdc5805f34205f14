locals {
  l0 = { "a" = "zz", "b" = "zz" }
}

locals {
  l1 = { n = 3, s = "web" }
}

locals {
  l2 = ["api", "x1", "k-2"]
}

resource "terraform_data" "r0" {
  count = length(["k-2"])
  input = [count.index, local.l2]
  triggers_replace = ["pre-${"db"}"]
}

resource "terraform_data" "r1" {
  count = 5
  input = [count.index, 2]
  triggers_replace = [terraform_data.r0[*].output]
}

module "m0" {
  source = "./modules/c0"
  v1 = { n = 1, s = "k-2" }
}

module "m1" {
  source = "./modules/c2"
  v0 = toset(["x1", "api", "web"])
  v1 = 5
}

output "o0" {
  value = module.m1.o0
}

---
variable "v0" {
  type = set(string)
  default = ["zz", "k-2", "web"]
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
}

resource "terraform_data" "r0" {
  count = 1
  input = [count.index, []]
  triggers_replace = ["api"]
}

resource "terraform_data" "r1" {
  count = 2
  input = { a = count.index, b = "zz" }
  triggers_replace = [length(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  for_each = { for s in [] : s => length(s) }
  input = ["${each.key}", "${each.value}", terraform_data.r0[*].id, ["b"]]
}

resource "terraform_data" "r3" {
  for_each = { "k-2" = "x1", "db" = "web", "b" = "web" }
  input = ["${each.key}", "${each.value}", length(terraform_data.r1), 5]
}

output "o0" {
  value = length(terraform_data.r3)
}

---
variable "v0" {
  type = map(string)
  default = {  }
}

variable "v1" {
  type = string
  default = "zz"
}

variable "v2" {
  type = map(string)
  default = { "k-2" = "web", "db" = "zz" }
}

resource "terraform_data" "r0" {
  input = var.v0
  triggers_replace = ["pre-${var.v1}"]
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.input, ["k-2", "web", "api"]]
}

resource "terraform_data" "r2" {
  input = { n = 3, s = "a" }
}

resource "terraform_data" "r3" {
  for_each = { for s in ["web", "api"] : s => length(s) }
  input = { a = "${each.key}", b = "pre-${"web"}" }
  triggers_replace = [terraform_data.r0.output]
}

output "o0" {
  value = terraform_data.r1.input
}

output "o1" {
  value = { n = 2, s = "b" }
}

---
variable "v0" {
  type = set(string)
  default = ["db", "a", "zz"]
}

variable "v1" {
  type = number
}

locals {
  l0 = ["zz", "db"]
}

locals {
  l1 = { n = 2, s = "zz" }
}

resource "terraform_data" "r0" {
  for_each = { for s in local.l0 : s => length(s) }
  input = { a = "${each.key}", b = "k-2" }
}

resource "terraform_data" "r1" {
  input = { a = local.l1, b = local.l1 }
}

resource "terraform_data" "r2" {
  for_each = { for s in [] : s => length(s) }
  input = ["${each.key}", "${each.value}", local.l1]
}

output "o0" {
  value = keys(terraform_data.r0)
}
