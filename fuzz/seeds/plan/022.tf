variable "v0" {
  type = list(string)
  default = ["k-2"]
}

variable "v1" {
  type = number
  default = 0
}

locals {
  l0 = [for s in ["x1"] : upper(s)]
}

locals {
  l1 = toset(["k-2", "x1"])
}

locals {
  l2 = var.v1
}

resource "terraform_data" "r0" {
  count = length([])
  input = { a = count.index, b = "db" }
}

resource "terraform_data" "r1" {
  count = length(["zz"])
  input = [count.index, var.v1]
}

resource "terraform_data" "r2" {
  input = [[for x in terraform_data.r0 : x.input], { "b" = "api", "api" = "b", "k-2" = "x1" }]
  triggers_replace = [length(terraform_data.r1)]
}

resource "terraform_data" "r3" {
  count = local.l2
  input = { a = count.index, b = "x1" }
  triggers_replace = [[for x in terraform_data.r0 : x.output]]
}

module "m0" {
  source = "./modules/c0"
  count = 5
  v0 = var.v1
}

output "o0" {
  value = {  }
}

output "o1" {
  value = "pre-${"b"}"
}

---
variable "v0" {
  type = number
  default = 3
}

locals {
  l0 = { n = 0, s = "api" }
}

resource "terraform_data" "r0" {
  count = 2
  input = [count.index, local.l0]
  triggers_replace = ["a"]
}

output "o0" {
  value = [for x in terraform_data.r0 : x.input]
}

output "o1" {
  value = local.l0
}
