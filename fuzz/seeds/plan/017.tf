variable "v0" {
  type = set(string)
  default = []
}

variable "v1" {
  type = number
  default = 1
}

resource "terraform_data" "r0" {
  input = length(["x1", "web"])
}

resource "terraform_data" "r1" {
  input = { n = 2, s = "b" }
}

resource "terraform_data" "r2" {
  count = 2
  input = { a = count.index, b = ["b", "web", "zz"] }
}

resource "terraform_data" "r3" {
  input = { a = terraform_data.r0.input, b = { n = 1, s = "x1" } }
}

output "o0" {
  value = length(terraform_data.r2)
}

output "o1" {
  value = {  }
}

output "o2" {
  value = "k-2"
}

---
variable "v0" {
  type = list(string)
  default = ["b", "a"]
}

variable "v1" {
  type = string
  default = "k-2"
}

locals {
  l0 = toset(["k-2", "b"])
}

locals {
  l1 = local.l0
}

resource "terraform_data" "r0" {
  input = var.v1
}

resource "terraform_data" "r1" {
  count = 3
  input = [count.index, var.v0]
}

output "o0" {
  value = var.v0
}

output "o1" {
  value = 5
}

output "o2" {
  value = var.v0
}

---
variable "v0" {
  type = number
}

variable "v1" {
  type = set(string)
}

locals {
  l0 = length(["zz", "api"])
}

locals {
  l1 = 2
}

resource "terraform_data" "r0" {
  count = length(["k-2", "b", "zz"])
  input = { a = count.index, b = "b" }
}

resource "terraform_data" "r1" {
  count = 2
  input = { a = count.index, b = ["zz", "a", "x1"] }
}

resource "terraform_data" "r2" {
  count = local.l0
  input = { a = count.index, b = { n = 3, s = "zz" } }
}

resource "terraform_data" "r3" {
  input = [terraform_data.r1[*].id, "api"]
}

module "m0" {
  source = "../c0"
  count = length(["api"])
  v0 = ["x1"]
  v1 = "zz"
}

output "o0" {
  value = length(terraform_data.r1)
}

output "o1" {
  value = terraform_data.r2[*].output
}

output "o2" {
  value = module.m0[*].o1
}
