/** The header and mobile menu links (SPEC §2 layout). */
export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/store", label: "Store" },
  { to: "/blog", label: "Blog" },
] as const;
