resource "terraform_data" "r0" {
  count = length([])
  input = { a = count.index, b = 3 }
}

resource "terraform_data" "r1" {
  input = { a = { n = 2, s = "api" }, b = { n = 2, s = "api" } }
}

output "o0" {
  value = terraform_data.r0[*].output
}

output "o1" {
  value = { "a" = "k-2", "api" = "web", "web" = "web" }
}

---
variable "v0" {
  type = set(string)
  default = ["k-2", "db"]
}

variable "v1" {
  type = number
}

variable "v2" {
  type = number
}

locals {
  l0 = []
}

resource "terraform_data" "r0" {
  input = { a = "zz", b = "zz" }
}

resource "terraform_data" "r1" {
  input = [terraform_data.r0.input, { "x1" = "db", "zz" = "k-2" }]
}

resource "terraform_data" "r2" {
  count = var.v2
  input = { a = count.index, b = 2 }
}

output "o0" {
  value = length(terraform_data.r2)
}

---
variable "v0" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 1 }
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v2" {
  type = map(string)
}

locals {
  l0 = var.v2
}

resource "terraform_data" "r0" {
  input = { a = [], b = [] }
}

output "o0" {
  value = { n = 1, s = "web" }
}
