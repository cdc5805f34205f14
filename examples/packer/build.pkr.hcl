# A Packer template in the style of the Packer docs: typed variables with
# defaults, locals that depend on each other, a source with static and
# dynamic tags, and a build.

variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "Where to build."
}

variable "instance" {
  type = object({
    type      = optional(string, "t3.micro")
    volume_gb = optional(number, 8)
    encrypted = optional(bool, true)
  })
  default = {}
}

variable "extra_tags" {
  type    = map(string)
  default = {}
}

variable "ami_users" {
  type    = list(string)
  default = []
}

locals {
  # `name` depends on `prefix` and `stamp`, declared after it.
  name   = "${local.prefix}-${local.stamp}"
  prefix = "web-${var.region}"
  stamp  = "2026-11-24"
  tags = merge(var.extra_tags, {
    Name    = local.name
    Builder = "packer"
  })
}

source "amazon-ebs" "web" {
  region        = var.region
  instance_type = var.instance.type
  ami_name      = local.name
  ami_users     = var.ami_users

  launch_block_device_mappings {
    device_name = "/dev/xvda"
    volume_size = var.instance.volume_gb
    encrypted   = var.instance.encrypted
  }

  tag {
    key   = "Team"
    value = "platform"
  }

  dynamic "tag" {
    for_each = local.tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}

build {
  name    = "web"
  sources = ["source.amazon-ebs.web"]

  provisioner "shell" {
    inline = ["echo building ${local.name}"]
  }
}
