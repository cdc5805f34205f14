# An example Terraform module used by the README's `hcl check` command.
terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "environment" {
  type    = string
  default = "staging"
}

locals {
  name   = "web-${var.environment}"
  ports  = [80, 443]
  common = { Owner = "platform", Env = var.environment }
}

resource "aws_security_group" "web" {
  name = local.name

  dynamic "ingress" {
    for_each = local.ports
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }

  tags = merge(local.common, { Name = local.name })
}

resource "aws_instance" "web" {
  count         = var.environment == "prod" ? 3 : 1
  ami           = "ami-0c55b159cbfafe1f0"
  instance_type = "t3.micro"
  user_data     = <<-EOT
    #!/bin/bash
    echo "hello from ${local.name}" > /tmp/hello
    %{ for p in local.ports ~}
    echo "port ${p}"
    %{ endfor ~}
  EOT

  vpc_security_group_ids = [aws_security_group.web.id]
}

output "instance_ids" {
  value = [for i in aws_instance.web[*] : i.id if i.instance_type != ""]
}
