locals {
  a = <<-EOT
      hello ${ var.x }
    %{ if true }x%{ endif }
        EOT
  b = <<EOT
z ${var.y+1}
   EOT
  c = [<<EOT
x
EOT
  , 2]
}
