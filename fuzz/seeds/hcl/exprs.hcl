a = 1 + 2 * 3 - -4 % 5 / 6
b = !true && false || null == 1 != 2 < 3 <= 4 > 5 >= 6 ? "x" : 'y'
c = [for k, v in {a = 1, "b" = 2, (c) = 3} : "${k}=${v}" if v > 1]
d = {for s in var.list : s.name => s... if s != null}
e = var.a[0].b.*.c[*].d.0["k"]
f = provider::aws::arn_parse(x, y...)
g = <<-EOT
    hello ${name}
    %{ if x ~}yes%{ else }no%{ endif }
    %{~ for i, v in l }${i}:${v}%{ endfor ~}
  EOT
h = "esc \n \t \" \\ \u00e9 \U0001F600 $${lit} %%{lit}"
block "l1" l2 {
  one_line { x = 1 }
  /* comment */ y = 2 // trailing
  # hash
}
