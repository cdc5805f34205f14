variable "v0" {
  type = list(string)
  default = ["b", "db", "zz"]
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 1 }
}

locals {
  l0 = toset(["web", "api", "db"])
}

locals {
  l1 = "zz"
}

locals {
  l2 = var.v0
}

resource "terraform_data" "r0" {
  input = "a"
}

resource "terraform_data" "r1" {
  count = length(var.v0)
  input = [count.index, terraform_data.r0.output, local.l1]
}

resource "terraform_data" "r2" {
  input = 2
}

resource "terraform_data" "r3" {
  input = 3
}

module "m0" {
  source = "./modules/c0"
  v0 = toset(["x1"])
  v1 = { n = 1 }
  v2 = local.l1
}

output "o0" {
  value = terraform_data.r2.output
}

output "o1" {
  value = module.m0.o1
}

resource "terraform_data" "cy1" {
  input = terraform_data.cy2.id
}

resource "terraform_data" "cy2" {
  input = terraform_data.cy1.id
}

---
variable "v0" {
  type = set(string)
  default = ["web"]
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

variable "v2" {
  type = string
  default = "k-2"
}

locals {
  l0 = "pre-${var.v2}"
}

resource "terraform_data" "r0" {
  count = 3
  input = [count.index, local.l0]
}

resource "terraform_data" "r1" {
  count = 2
  input = [count.index, [for x in terraform_data.r0 : x.id], "pre-${var.v2}"]
}

output "o0" {
  value = terraform_data.r0[*].id
}

output "o1" {
  value = var.v1
}
