locals {
  l0 = toset([])
}

locals {
  l1 = ["api", "zz", "k-2"]
}

locals {
  l2 = { for s in ["db", "web", "b"] : s => "v-${s}" }
}

resource "terraform_data" "r0" {
  input = local.l2
}

resource "terraform_data" "r1" {
  input = { a = terraform_data.r0.input, b = local.l2 }
}

module "m0" {
  source = "./modules/c0"
  v0 = "pre-${"b"}"
  v1 = "pre-${"db"}"
  v2 = local.l2
}

output "o0" {
  value = terraform_data.r0.input
}

---
variable "v0" {
  type = string
  default = "a"
}

variable "v1" {
  type = string
}

variable "v2" {
  type = map(string)
  default = { "k-2" = "db" }
}

locals {
  l0 = { n = 1, s = "a" }
}

locals {
  l1 = { n = 1, s = "web" }
}

locals {
  l2 = var.v1
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = ["${each.key}", "${each.value}", local.l1]
}

resource "terraform_data" "r1" {
  input = { a = length(terraform_data.r0), b = var.v2 }
  triggers_replace = [{ for k, x in terraform_data.r0 : k => x.id }]
}

resource "terraform_data" "r2" {
  count = 5
  input = [count.index, length(terraform_data.r0), { "zz" = "a", "x1" = "api", "a" = "b" }]
}

resource "terraform_data" "r3" {
  input = [terraform_data.r1.input, { n = 3, s = "api" }]
}

output "o0" {
  value = length([])
}

output "o1" {
  value = local.l0
}

output "o2" {
  value = ["web", "a", "zz"]
}
