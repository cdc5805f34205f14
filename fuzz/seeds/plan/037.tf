locals {
  l0 = {  }
}

locals {
  l1 = local.l0
}

resource "terraform_data" "r0" {
  for_each = toset([])
  input = { a = "${each.key}", b = { n = 1, s = "k-2" } }
  triggers_replace = ["pre-${"api"}"]
}

resource "terraform_data" "r1" {
  for_each = local.l0
  input = { a = "${each.key}", b = [] }
}

resource "terraform_data" "r2" {
  for_each = toset(["zz", "a", "x1"])
  input = ["${each.key}", "${each.value}", ["a", "zz"]]
  triggers_replace = [length(terraform_data.r0)]
}

resource "terraform_data" "r3" {
  count = 0
  input = [count.index, keys(terraform_data.r1), "k-2"]
}

output "o0" {
  value = []
}

output "o1" {
  value = local.l0
}
