/**
 * Passwords of 8 or more characters that lead the public breach-frequency lists (the "top 10k"
 * style lists that NIST SP 800-63B and OWASP ASVS 2.1.7 ask to check against). Compared
 * case-insensitively. Shorter ones are already refused by the 8-character minimum.
 */
const COMMON_PASSWORDS = new Set(
  `12345678 123456789 1234567890 12345678910 123123123 1234512345 11111111 111111111 1111111111
  00000000 000000000 0000000000 88888888 99999999 66666666 22222222 55555555 77777777 12341234
  11223344 12121212 13131313 87654321 98765432 987654321 9876543210 147258369 123654789 159753456
  123456789a 12345678a 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 q1w2e3r4
  q1w2e3r4t5 qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 qwertyu1 asdfghjk asdfghjkl asdf1234
  zxcvbnm1 zxcvbnm123 1234qwer qwer1234 abcd1234 abc12345 abcdefgh abcdefg1 a1b2c3d4 aa123456
  password password1 password12 password123 password1234 password! passw0rd p@ssw0rd p@ssword
  pa55word pa55w0rd passwort motdepasse contraseña wachtwoord iloveyou iloveyou1 iloveyou2 princess
  princess1 sunshine sunshine1 football football1 baseball baseball1 basketball superman batman123
  trustno1 welcome1 welcome123 letmein1 letmein123 starwars starwars1 whatever dragon123 monkey123
  master123 shadow123 michael1 jennifer jordan23 charlie1 computer internet mercedes corvette
  butterfly chocolate cookie123 pokemon1 liverpool chelsea1 arsenal1 manchester elephant
  spiderman snowboard midnight mustang1 maverick harley1 hunter123 freedom1 matrix123 changeme
  changeme1 administrator admin123 admin1234 adminadmin root1234 test1234 testtest testing123
  guest123 default1 secret123 security 1password qazwsxedc qazwsx123 asdasdasd qweqweqwe zxczxczxc
  aaaaaaaa abcabcabc lovelove loveme123 fuckyou1 blink182 myspace1 samsung1 google123 facebook
  minecraft fortnite roblox123 steelers cowboys1 yankees1 jessica1 ashley123 nicole123 daniel123
  andrew123 thomas123 joshua123 michelle babygirl babygirl1 lovely123 angel123 summer123 winter123
  hello123 helloworld hello1234 goodluck whatever1 nothing1 asdfasdf jasmine1 tigger123 rockyou`
    .split(/\s+/)
    .filter((p) => p.length >= 8)
    .map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
