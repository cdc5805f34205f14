variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

locals {
  l0 = ["a", "k-2"]
}

locals {
  l1 = { n = var.v0.n, s = var.v0.s }
}

locals {
  l2 = []
}

resource "terraform_data" "r0" {
  input = var.v0
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.output, 1]
}

module "m0" {
  source = "./modules/c0"
  for_each = toset(local.l2)
  v0 = { "api" = "web", "web" = "api" }
  v1 = { "zz" = "x1", "k-2" = "db", "db" = "b" }
}

output "o0" {
  value = { for k, m in module.m0 : k => m.o1 }
}

output "o1" {
  value = terraform_data.r0.output
}

output "o2" {
  value = local.l0
}

---
variable "v0" {
  type = map(string)
  default = { "api" = "zz" }
}

variable "v1" {
  type = map(string)
  default = {  }
}

locals {
  l0 = var.v1
}

locals {
  l1 = { n = 3, s = "x1" }
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = { a = "${each.key}", b = ["k-2", "db"] }
  triggers_replace = ["a"]
}

resource "terraform_data" "r1" {
  input = [keys(terraform_data.r0), length(["x1", "web", "b"])]
}

resource "terraform_data" "r2" {
  for_each = toset(["api", "x1", "k-2"])
  input = { a = "${each.key}", b = { "zz" = "zz" } }
  triggers_replace = [terraform_data.r1.output]
}

output "o0" {
  value = terraform_data.r1.input
}

output "o1" {
  value = terraform_data.r1.input
}
