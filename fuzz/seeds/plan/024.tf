variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

variable "v1" {
  type = number
  default = 2
}

variable "v2" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 3 }
}

locals {
  l0 = toset(["k-2", "zz", "b"])
}

locals {
  l1 = [for s in [] : upper(s)]
}

locals {
  l2 = local.l0
}

resource "terraform_data" "r0" {
  input = { "k-2" = "zz", "web" = "k-2", "zz" = "api" }
}

resource "terraform_data" "r1" {
  for_each = {  }
  input = ["${each.key}", "${each.value}", var.v1]
  triggers_replace = [terraform_data.r0.output]
}

resource "terraform_data" "r2" {
  count = var.v1
  input = [count.index, local.l1]
}

output "o0" {
  value = "pre-${"api"}"
}

output "o1" {
  value = { for k, x in terraform_data.r1 : k => x.id }
}

output "o2" {
  value = length(terraform_data.r1)
}

---
variable "v0" {
  type = string
  default = "b"
}

locals {
  l0 = { n = 2, s = "a" }
}

resource "terraform_data" "r0" {
  for_each = toset(["zz"])
  input = ["${each.key}", "${each.value}", "pre-${var.v0}"]
}

resource "terraform_data" "r1" {
  count = 1
  input = { a = count.index, b = { n = 3, s = "x1" } }
}

resource "terraform_data" "r2" {
  input = [[for x in terraform_data.r1 : x.id], { "web" = "zz" }]
}

resource "terraform_data" "r3" {
  input = { a = ["db", "zz"], b = ["db", "zz"] }
}

output "o0" {
  value = { "api" = "web", "web" = "k-2" }
}
