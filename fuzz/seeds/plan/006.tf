variable "v0" {
  type = list(string)
  default = ["zz"]
}

variable "v1" {
  type = object({ n = number, s = optional(string, "dflt") })
  default = { n = 0 }
}

variable "v2" {
  type = list(string)
  default = ["k-2"]
}

resource "terraform_data" "r0" {
  for_each = toset(var.v2)
  input = ["${each.key}", "${each.value}", var.v0]
  triggers_replace = ["api"]
}

resource "terraform_data" "r1" {
  input = { a = var.v0, b = var.v0 }
}

output "o0" {
  value = "b"
}

output "o1" {
  value = "db"
}

output "o2" {
  value = terraform_data.r1.input
}
