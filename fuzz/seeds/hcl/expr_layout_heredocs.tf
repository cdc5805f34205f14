locals {
  policy = <<EOT
{
  "Statement": ${jsonencode(var.statements)}
}
   EOT
  script = <<-EOT
      #!/bin/bash
      echo ${var.name}
  EOT
  perms = [{
    name        = "ReadOnlyAccess",
    description = "Allow Read Only access", # why
    tags        = {},
  }]
  list = ["a", "b",
    "c", "d"
  ]
}
