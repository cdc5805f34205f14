variable "v0" {
  type = number
  default = 5
}

variable "v1" {
  type = number
  default = 5
}

variable "v2" {
  type = list(string)
  default = ["db", "a"]
}

locals {
  l0 = var.v0
}

locals {
  l1 = { for s in ["k-2", "db", "x1"] : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  input = { n = 2, s = "k-2" }
}

output "o0" {
  value = var.v2
}

output "o1" {
  value = terraform_data.r0.output
}

---
variable "v0" {
  type = set(string)
  default = []
}

variable "v1" {
  type = set(string)
  default = ["x1", "zz", "b"]
}

locals {
  l0 = { n = 3, s = "zz" }
}

resource "terraform_data" "r0" {
  input = "k-2"
  triggers_replace = ["a"]
}

resource "terraform_data" "r1" {
  count = 2
  input = [count.index, { "zz" = "b", "b" = "a", "web" = "web" }]
}

resource "terraform_data" "r2" {
  input = [length(terraform_data.r1), { "k-2" = "db", "x1" = "api" }]
}

resource "terraform_data" "r3" {
  input = []
  triggers_replace = [terraform_data.r2.output]
}

output "o0" {
  value = 0
}

output "o1" {
  value = length(terraform_data.r1)
}
