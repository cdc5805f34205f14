variable "v0" {
  type = list(string)
  default = ["db", "b", "a"]
}

variable "v1" {
  type = string
  default = "db"
}

variable "v2" {
  type = number
  default = 5
}

locals {
  l0 = var.v0
}

resource "terraform_data" "r0" {
  input = var.v1
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.input, length(var.v0)]
  triggers_replace = [terraform_data.r0.id]
}

resource "terraform_data" "r2" {
  count = var.v2
  input = [count.index, { n = 3, s = "web" }]
}

output "o0" {
  value = var.v2
}

output "o1" {
  value = var.v1
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v1" {
  type = list(string)
  default = ["a"]
}

resource "terraform_data" "r0" {
  for_each = { for s in [] : s => length(s) }
  input = { a = "${each.key}", b = "a" }
}

resource "terraform_data" "r1" {
  for_each = toset(var.v1)
  input = ["${each.key}", "${each.value}", length(terraform_data.r0), var.v1]
  triggers_replace = [keys(terraform_data.r0)]
}

resource "terraform_data" "r2" {
  for_each = toset(["web", "db"])
  input = ["${each.key}", "${each.value}", 0]
}

resource "terraform_data" "r3" {
  count = 2
  input = [count.index, var.v1]
}

output "o0" {
  value = { for k, x in terraform_data.r1 : k => x.output }
}

output "o1" {
  value = { for k, x in terraform_data.r1 : k => x.input }
}
