//! IP network functions (`cidr*`), with Terraform's subnet arithmetic.

use std::net::{Ipv4Addr, Ipv6Addr};

use super::util::{self, string};
use super::Registry;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Type, Value};
use num_bigint::{BigInt, Sign};

/// A parsed prefix: the address (host bits cleared), the address width in
/// bits (32 or 128) and the prefix length.
#[derive(Clone, Copy)]
struct Net {
    ip: u128,
    bits: u32,
    len: u32,
}

fn full(bits: u32) -> u128 {
    if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn mask(len: u32, bits: u32) -> u128 {
    if len == 0 {
        0
    } else {
        (u128::MAX << (bits - len)) & full(bits)
    }
}

/// IPv4 as Terraform's (older) parser accepts it: leading zeros allowed
/// and read as decimal.
fn parse_v4(s: &str) -> Option<u32> {
    let mut parts = s.split('.');
    let mut ip = 0u32;
    for _ in 0..4 {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        ip = ip << 8 | n;
    }
    if parts.next().is_some() {
        return None;
    }
    Some(ip)
}

fn parse_ip(s: &str) -> Option<(u128, u32)> {
    if let Some(v4) = parse_v4(s) {
        return Some((v4 as u128, 32));
    }
    s.parse::<Ipv6Addr>().ok().map(|a| (u128::from(a), 128))
}

fn parse_cidr(s: &str) -> Result<Net, String> {
    let bad = || format!("invalid CIDR expression: invalid CIDR address: {s}");
    let (addr, len) = s.split_once('/').ok_or_else(bad)?;
    let (ip, bits) = parse_ip(addr).ok_or_else(bad)?;
    if len.is_empty() || len.len() > 3 || !len.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let len: u32 = len.parse().map_err(|_| bad())?;
    if len > bits {
        return Err(bad());
    }
    Ok(Net {
        ip: ip & mask(len, bits),
        bits,
        len,
    })
}

/// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
fn is_v4_mapped(ip: u128, bits: u32) -> bool {
    bits == 128 && ip >> 32 == 0xffff
}

/// An address as Go prints it: IPv4-mapped IPv6 addresses as IPv4.
fn fmt_ip(ip: u128, bits: u32) -> String {
    if bits == 32 || is_v4_mapped(ip, bits) {
        Ipv4Addr::from(ip as u32).to_string()
    } else {
        Ipv6Addr::from(ip).to_string()
    }
}

/// A network as Go prints it: an IPv4-mapped one as IPv4, its prefix
/// length counted in the IPv4 part (`::ffff:192.168.6.0/120` is
/// `192.168.6.0/24`).
fn fmt_net(ip: u128, bits: u32, len: u32) -> String {
    if is_v4_mapped(ip, bits) && len >= 96 {
        return format!("{}/{}", fmt_ip(ip, bits), len - 96);
    }
    format!("{}/{len}", fmt_ip(ip, bits))
}

/// A host or network number, which Terraform reads as a big integer (a
/// fraction is not "a whole number").
fn big_number(v: &Value) -> Result<BigInt, String> {
    let n = v.as_number().ok_or("a number is required")?;
    match n.to_big_integer() {
        Some((neg, m)) => Ok(BigInt::from_biguint(
            if neg { Sign::Minus } else { Sign::Plus },
            m,
        )),
        None => Err("value must be a whole number".into()),
    }
}

/// The low 64 bits of `n`'s magnitude: what Go's `big.Int.Uint64` gives,
/// which go-cidr compares with the largest number a prefix takes.
fn low_u64(n: &BigInt) -> u64 {
    n.magnitude().iter_u64_digits().next().unwrap_or(0)
}

/// `ip | n << shift` as go-cidr computes it on big integers (a negative
/// number in two's complement) and writes it back: the result's magnitude,
/// which must fit the address (Go panics otherwise).
fn insert_number(ip: u128, n: &BigInt, shift: u32, bits: u32) -> Result<u128, String> {
    let v = BigInt::from(ip) | (n << shift as usize);
    match u128::try_from(v.magnitude()) {
        Ok(x) if x <= full(bits) => Ok(x),
        _ => Err("panic in function implementation: runtime error: index out of range [-1]".into()),
    }
}

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "cidrhost",
        FuncDef::builder()
            .returns(Type::String)
            .param("prefix", Type::String)
            .param("hostnum", Type::Number)
            .build(|a| {
                // The number converts before the prefix is read.
                let host = big_number(&a[1]);
                let net = parse_cidr(&string(a[0].clone()))?;
                let mut host = host?;
                // go-cidr's HostBig: a negative number counts from the end;
                // the check reads the low 64 bits of a positive one as a
                // signed integer.
                let max = (BigInt::from(1u8) << (net.bits - net.len) as usize) - 1u8;
                let checked = if host.sign() == Sign::Minus {
                    let from_end = -&host - 1u8;
                    host = &max - &from_end;
                    from_end
                } else {
                    BigInt::from(low_u64(&host) as i64)
                };
                if checked > max {
                    return Err(format!(
                        "prefix of {} does not accommodate a host numbered {host}",
                        net.len
                    )
                    .into());
                }
                // Go's cidr library takes an IPv4-mapped network for IPv4
                // and puts the host number at bit 96 of the 16-byte form:
                // Terraform's `cidrhost("::ffff:10.0.0.0/120", 1)` is
                // "0:1::ffff:a00:0".
                let at = if is_v4_mapped(net.ip, net.bits) {
                    96
                } else {
                    0
                };
                let ip = insert_number(net.ip, &host, at, net.bits)?;
                Ok(Value::String(fmt_ip(ip, net.bits).into()))
            }),
    );
    r.insert(
        "cidrnetmask",
        FuncDef::builder()
            .returns(Type::String)
            .param("prefix", Type::String)
            .build(|a| {
                let s = string(a[0].clone());
                let net = parse_cidr(&s)?;
                if is_v4_mapped(net.ip, net.bits) {
                    // Go's IPv4 test passes, and the 16-byte mask prints
                    // as IPv6 (Terraform: "ffff:…:ff00" for a /120).
                    return Ok(Value::String(
                        Ipv6Addr::from(mask(net.len, 128)).to_string().into(),
                    ));
                }
                if net.bits != 32 {
                    return Err(format!("IPv6 addresses cannot have a netmask: {s}").into());
                }
                Ok(Value::String(fmt_ip(mask(net.len, 32), 32).into()))
            }),
    );
    r.insert(
        "cidrsubnet",
        FuncDef::builder()
            .returns(Type::String)
            .param("prefix", Type::String)
            .param("newbits", Type::Number)
            .param("netnum", Type::Number)
            .build(|a| {
                // The numbers convert before the prefix is read.
                let newbits = util::int(&a[1], "")?;
                let num = big_number(&a[2])?;
                let net = parse_cidr(&string(a[0].clone()))?;
                let new_len = net.len as i64 + newbits;
                if new_len < 0 || new_len > net.bits as i64 {
                    return Err(format!(
                        "insufficient address space to extend prefix of {} by {newbits}",
                        net.len
                    )
                    .into());
                }
                let new_len = new_len as u32;
                // go-cidr's SubnetBig: the low 64 bits of the number's
                // magnitude against the largest number, which is every
                // 64-bit one for 64 new bits or more.
                let max = match u32::try_from(newbits) {
                    Ok(b) if b < 64 => (1u64 << b) - 1,
                    _ => u64::MAX,
                };
                if low_u64(&num) > max {
                    return Err(format!(
                        "prefix extension of {newbits} does not accommodate a subnet numbered {num}"
                    )
                    .into());
                }
                // Like Terraform, the address is not re-masked when the
                // prefix gets shorter (negative newbits).
                let ip = insert_number(net.ip, &num, net.bits - new_len, net.bits)?;
                Ok(Value::String(fmt_net(ip, net.bits, new_len).into()))
            }),
    );
    r.insert(
        "cidrsubnets",
        FuncDef::builder().returns(Type::list(Type::String))
            .param("prefix", Type::String)
            .variadic("newbits", Type::Number)
            .build(|a| {
                let net = parse_cidr(&string(a[0].clone())).map_err(|e| FuncError::arg(0, e))?;
                let lens = &a[1..];
                let Some(first) = lens.first() else {
                    return Ok(Value::Array(Vec::new()));
                };
                let bits = net.bits;
                let start = net.len;
                let first = (util::arg_int(first, 1)? + start as i64).clamp(0, bits as i64) as u32;
                // PreviousSubnet(network, first)
                let prev = net.ip.wrapping_sub(1) & full(bits);
                let mut cur = (prev & mask(first, bits), first);
                let mut out = Vec::with_capacity(lens.len());
                // (Each length is argument `i + 1`, read and checked in
                // turn, as Terraform does.)
                for (i, l) in lens.iter().enumerate() {
                    let l = util::arg_int(l, i + 1)?;
                    let refused = |m: String| FuncError::arg(i + 1, m);
                    if l < 1 {
                        return Err(refused("must extend prefix by at least one bit".into()));
                    }
                    if l > 32 {
                        return Err(refused("may not extend prefix by more than 32 bits".into()));
                    }
                    let len = l + start as i64;
                    if len > bits as i64 {
                        return Err(refused(format!(
                            "would extend prefix to {len} bits, which is too long for an {} address",
                            if bits == 32 { "IPv4" } else { "IPv6" }
                        )));
                    }
                    let len = len as u32;
                    if is_v4_mapped(net.ip, bits) {
                        // Go's cidr library takes the network for IPv4 and
                        // builds a 32-bit mask of `len` bits: none.
                        return Err(refused(format!(
                            "not enough remaining address space for a subnet with a prefix of {len} bits after <nil>"
                        )));
                    }
                    // NextSubnet(current, len)
                    let cur_last = cur.0 | (!mask(cur.1, bits) & full(bits));
                    let sub = cur_last & mask(len, bits);
                    let last = (sub | (!mask(len, bits) & full(bits))).wrapping_add(1) & full(bits);
                    let next = last & mask(len, bits);
                    if last == 0 || next & mask(start, bits) != net.ip {
                        return Err(refused(format!(
                            "not enough remaining address space for a subnet with a prefix of {len} bits after {}",
                            fmt_net(cur.0, bits, cur.1)
                        )));
                    }
                    cur = (next, len);
                    out.push(Value::String(fmt_net(next, bits, len).into()));
                }
                Ok(Value::Array(out))
            }),
    );
}
