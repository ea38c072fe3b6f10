// The outbound-address rule on its own: which addresses a webhook may go to outside
// development mode. Every range named in the rule is tested at its first and last address and
// just outside it, so an off-by-one in a prefix length fails here.
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/domain/network-addresses.ts';

function expectAll(addresses: string[], expected: boolean) {
  const wrong = addresses.filter((ip) => isPublicAddress(ip) !== expected);
  expect(wrong, `${wrong.join(', ')} should ${expected ? '' : 'not '}be public`).toEqual([]);
}

describe('isPublicAddress, IPv4', () => {
  it('accepts ordinary public addresses', () => {
    expectAll(['8.8.8.8', '1.1.1.1', '93.184.216.34', '151.101.1.69', '223.255.255.255', '1.0.0.0'], true);
  });

  it('refuses loopback 127/8', () => {
    expectAll(['127.0.0.1', '127.0.0.0', '127.255.255.255', '127.1.2.3'], false);
    expectAll(['126.255.255.255', '128.0.0.0'], true);
  });

  it('refuses "this network" 0/8, including the unspecified address', () => {
    expectAll(['0.0.0.0', '0.0.0.1', '0.255.255.255'], false);
  });

  it('refuses the private ranges 10/8, 172.16/12, 192.168/16', () => {
    expectAll(['10.0.0.0', '10.0.0.5', '10.255.255.255'], false);
    expectAll(['9.255.255.255', '11.0.0.0'], true);
    expectAll(['172.16.0.0', '172.20.1.1', '172.31.255.255'], false);
    expectAll(['172.15.255.255', '172.32.0.0'], true);
    expectAll(['192.168.0.0', '192.168.1.1', '192.168.255.255'], false);
    expectAll(['192.167.255.255', '192.169.0.0'], true);
  });

  it('refuses link-local 169.254/16 (cloud metadata)', () => {
    expectAll(['169.254.0.0', '169.254.169.254', '169.254.255.255'], false);
    expectAll(['169.253.255.255', '169.255.0.0'], true);
  });

  it('refuses carrier-grade NAT 100.64/10', () => {
    expectAll(['100.64.0.0', '100.100.100.100', '100.127.255.255'], false);
    expectAll(['100.63.255.255', '100.128.0.0'], true);
  });

  it('refuses multicast 224/4, reserved 240/4 and broadcast', () => {
    expectAll(['224.0.0.0', '224.0.0.251', '239.255.255.255'], false);
    expectAll(['240.0.0.0', '250.1.2.3', '255.255.255.254', '255.255.255.255'], false);
  });

  it('refuses documentation, benchmarking and protocol-assignment ranges', () => {
    expectAll(['192.0.0.0', '192.0.0.8', '192.0.0.255'], false);
    expectAll(['192.0.2.0', '192.0.2.123', '192.0.2.255'], false);
    expectAll(['198.18.0.0', '198.19.255.255'], false);
    expectAll(['198.17.255.255', '198.20.0.0'], true);
    expectAll(['198.51.100.0', '198.51.100.255'], false);
    expectAll(['203.0.113.0', '203.0.113.255'], false);
    expectAll(['192.0.1.255', '192.0.3.0', '198.51.99.255', '198.51.101.0', '203.0.112.255', '203.0.114.0'], true);
    expectAll(['192.88.99.1'], false);
  });

  it('refuses text that is not an IPv4 address as node:net reads it', () => {
    expectAll(['', 'localhost', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '0x7f.0.0.1', '2130706433', ' 8.8.8.8'], false);
  });
});

describe('isPublicAddress, IPv6', () => {
  it('accepts ordinary global unicast addresses', () => {
    expectAll(['2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '2001:4860:4860::8888', '2c0f:fb50::1'], true);
    expectAll(['2001:200::1', '3ffe::1', '2000::1'], true);
  });

  it('refuses loopback ::1 and unspecified ::, in every spelling', () => {
    expectAll(['::1', '::', '0:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:0', '0000:0000:0000:0000:0000:0000:0000:0001'], false);
  });

  it('refuses unique local fc00::/7 and link-local fe80::/10, with or without a zone', () => {
    expectAll(['fc00::', 'fc00::1', 'fd12:3456:789a::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], false);
    expectAll(['fe80::', 'fe80::1', 'fe80::1%eth0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], false);
    expectAll(['fec0::1'], false); // deprecated site-local
  });

  it('refuses multicast ff00::/8', () => {
    expectAll(['ff00::', 'ff02::1', 'ff05::1:3', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], false);
  });

  it('refuses documentation 2001:db8::/32 and 3fff::/20', () => {
    expectAll(['2001:db8::', '2001:db8::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '3fff::1', '3fff:fff::1'], false);
    expectAll(['2001:db9::1', '3fff:1000::1'], true);
  });

  it('refuses Teredo 2001::/32 and the rest of the IETF block 2001::/23', () => {
    expectAll(['2001::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'], false);
    expectAll(['2001:2::1', '2001:10::1', '2001:1ff:ffff::1'], false);
  });

  it('refuses everything outside global unicast 2000::/3', () => {
    expectAll(['100::1', '1fff:ffff::1', '4000::1', '5f00::1', '64:ff9b:1::1', 'e000::1'], false);
  });

  it('judges IPv4-mapped ::ffff:a.b.c.d by its IPv4 address, in dotted and hex spelling', () => {
    expectAll(['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.5', '::ffff:a9fe:a9fe', '::ffff:0.0.0.0'], false);
    expectAll(['::ffff:192.168.1.1', '0:0:0:0:0:ffff:c0a8:101', '::FFFF:172.16.0.1'], false);
    expectAll(['::ffff:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:1.1.1.1'], true);
  });

  it('judges IPv4-compatible ::a.b.c.d by its IPv4 address', () => {
    expectAll(['::127.0.0.1', '::10.0.0.1', '::0.0.0.2'], false);
    expectAll(['::8.8.8.8'], true);
  });

  it('judges NAT64 64:ff9b::/96 by its embedded IPv4 address', () => {
    expectAll(['64:ff9b::127.0.0.1', '64:ff9b::a00:5', '64:ff9b::169.254.169.254'], false);
    expectAll(['64:ff9b::8.8.8.8', '64:ff9b::101:101'], true);
  });

  it('judges 6to4 2002::/16 by the IPv4 address in bits 16 to 48', () => {
    expectAll(['2002:7f00:1::', '2002:a00:5::1', '2002:c0a8:101::1', '2002:a9fe:a9fe::'], false);
    expectAll(['2002:808:808::1', '2002:101:101:1::1'], true);
  });

  it('refuses text that is not an IPv6 address', () => {
    expectAll(['[::1]', '[2606:4700:4700::1111]', '2606:4700:4700::1111::1', '12345::1', 'g::1', ':::'], false);
    expectAll(['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', 'example.com'], false);
  });
});
