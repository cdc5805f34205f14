variable "v0" {
  type = string
  default = "k-2"
}

variable "v1" {
  type = map(string)
  default = { "a" = "k-2", "db" = "b" }
}

variable "v2" {
  type = map(string)
  default = { "api" = "k-2", "zz" = "web" }
}

resource "terraform_data" "r0" {
  input = 3
}

resource "terraform_data" "r1" {
  count = length(["zz", "x1"])
  input = [count.index, terraform_data.r0.input, var.v1]
}

module "m0" {
  source = "./modules/c1"
  count = 2
  v0 = "${count.index}"
  v1 = toset(["zz", "b", "a"])
}

output "o0" {
  value = terraform_data.r1[*].id
}

output "o1" {
  value = ["db", "api"]
}

output "o2" {
  value = terraform_data.r0.input
}

---
variable "v0" {
  type = map(string)
  default = { "zz" = "zz", "web" = "db" }
}

resource "terraform_data" "r0" {
  input = ["a"]
  triggers_replace = ["api"]
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.id, {  }]
}

output "o0" {
  value = terraform_data.r0.input
}

output "o1" {
  value = { n = 3, s = "zz" }
}

output "o2" {
  value = "x1"
}

---
variable "v0" {
  type = string
  default = "api"
}

variable "v1" {
  type = set(string)
  default = ["a"]
}

locals {
  l0 = {  }
}

locals {
  l1 = var.v0
}

locals {
  l2 = var.v1
}

resource "terraform_data" "r0" {
  count = length(["zz", "web"])
  input = { a = count.index, b = 5 }
}

resource "terraform_data" "r1" {
  for_each = toset(["db", "b", "zz"])
  input = ["${each.key}", "${each.value}", [for x in terraform_data.r0 : x.output], 2]
}

module "m0" {
  source = "../c0"
}

output "o0" {
  value = module.m0.o1
}

output "o1" {
  value = terraform_data.r0[*].id
}
