region     = "us-east-2"
instance   = { volume_gb = "20" }
extra_tags = { CostCenter = 1234 }
ami_users  = ["111122223333"]
