//! Printing syntax trees and values as native HCL, laid out as `terraform fmt` would.
