variable "v0" {
  type = map(string)
  default = {  }
}

resource "terraform_data" "r0" {
  count = 2
  input = [count.index, { n = 2, s = "b" }]
}

resource "terraform_data" "r1" {
  count = length(["x1", "db", "api"])
  input = [count.index, terraform_data.r0[*].id, length(["a", "x1"])]
}

module "m0" {
  source = "./modules/c0"
  count = 0
}

output "o0" {
  value = terraform_data.r0[*].input
}

output "o1" {
  value = module.m0[*].o0
}

---
variable "v0" {
  type = list(string)
  default = ["zz"]
}

resource "terraform_data" "r0" {
  count = 5
  input = [count.index, { "a" = "web", "x1" = "a" }]
}

output "o0" {
  value = ["zz"]
}
