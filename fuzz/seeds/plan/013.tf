locals {
  l0 = toset(["web", "zz"])
}

locals {
  l1 = "web"
}

resource "terraform_data" "r0" {
  input = {  }
}

output "o0" {
  value = 1
}

output "o1" {
  value = { "a" = "api", "zz" = "api" }
}

output "o2" {
  value = terraform_data.r0.id
}

---
variable "v0" {
  type = string
  default = "db"
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 1 }
}

variable "v2" {
  type = number
  default = 1
}

locals {
  l0 = var.v2
}

locals {
  l1 = var.v0
}

resource "terraform_data" "r0" {
  input = ["db", "zz"]
}

resource "terraform_data" "r1" {
  input = local.l0
}

resource "terraform_data" "r2" {
  count = local.l0
  input = [count.index, terraform_data.r0.output, { "x1" = "web", "db" = "zz" }]
}

resource "terraform_data" "r3" {
  input = [terraform_data.r0.input, { "a" = "a", "api" = "db", "db" = "web" }]
}

output "o0" {
  value = ["k-2"]
}

output "o1" {
  value = ["db"]
}
