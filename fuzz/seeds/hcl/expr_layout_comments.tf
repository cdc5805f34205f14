locals {
  user_data = var.create ? base64encode(templatefile(local.user_data_path,
    {
      # https://docs.aws.amazon.com/x
      enable_bootstrap_user_data = var.enable_bootstrap_user_data

      # Required to bootstrap node
      cluster_name = var.cluster_name # trailing
    }
  )) : ""
  rules = { for k, v in {
    a = {
      x = 1
    }
    # legacy port
    b = 2
  } : k => v if true }
  args = merge(
    # first
    local.a, # after a
    // second
    local.b,
  )
  cond = var.x ? {
    # in true
    a = 1
    } : {
    # in false
    b = 2
  }
  filtered = {
    for k, v in var.map : k => v
    if v != null # keep set values
  }
  names = [
    for s in var.subnets :
    s.name
  ]
  sum = (
    var.a
    + var.b # second term
  )
  roles = compact(concat([
    # local.spotinst_enabled ? module.spotinst_role[0].arn : null
  ], var.more))
  empty = {
    # Example:
    #   eks_viewer = aws_iam_policy.eks_viewer.arn
  }
  one_line = format("%s-%s", var.a, var.b, )
}
