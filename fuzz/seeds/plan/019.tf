variable "v0" {
  type = map(string)
  default = { "web" = "x1", "x1" = "b" }
}

locals {
  l0 = var.v0
}

locals {
  l1 = ["a", "x1"]
}

resource "terraform_data" "r0" {
  input = var.v0
}

output "o0" {
  value = terraform_data.r0.id
}
