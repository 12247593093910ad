import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { attr, child, children, CxmlError, cxmlResponse, parseCxml, textAt, unauthorisedCxml } from './cxml-document.ts';
import { registerCxmlScope } from './cxml-http.ts';

/** Shaped as the cXML 1.2 reference's PunchOutSetupRequest (and Coupa's sample of one). */
const SETUP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="1637089712.123@coupa.example" timestamp="2026-11-30T10:00:00+05:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="DUNS"><Identity>123456789</Identity></Credential>
      <Credential domain="NetworkId"><Identity>MAYO-HOSPITAL</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>987654321</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>MAYO-HOSPITAL</Identity><SharedSecret>s3cret &amp; more</SharedSecret></Credential>
      <UserAgent>Coupa Procurement 1.0</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="create">
    <BuyerCookie>c0ffee</BuyerCookie>
    <Extrinsic name="UserEmail">buyer@mayo.example</Extrinsic>
    <BrowserFormPost><URL>https://coupa.example/punchout/return</URL></BrowserFormPost>
  </PunchOutSetupRequest></Request>
</cXML>`;

describe('cXML documents', () => {
  it('reads the header credentials, repeated or not, with entities decoded', () => {
    const root = parseCxml(SETUP);
    expect(attr(root, 'payloadID')).toBe('1637089712.123@coupa.example');
    const from = children(child(root, 'Header')!.From, 'Credential');
    expect(from.map((credential) => [attr(credential, 'domain'), textAt(credential, 'Identity')]))
      .toEqual([['DUNS', '123456789'], ['NetworkId', 'MAYO-HOSPITAL']]);
    expect(textAt(root, 'Header', 'Sender', 'Credential', 'SharedSecret')).toBe('s3cret & more');
    const setup = child(child(root, 'Request'), 'PunchOutSetupRequest');
    expect(attr(setup, 'operation')).toBe('create');
    expect(textAt(setup, 'BrowserFormPost', 'URL')).toBe('https://coupa.example/punchout/return');
    expect(children(setup, 'Extrinsic').map((extrinsic) => [attr(extrinsic, 'name'), textAt(extrinsic)])).toEqual([['UserEmail', 'buyer@mayo.example']]);
  });

  it('refuses entity declarations, malformed XML and documents without a cXML root', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML>&x;</cXML>`;
    for (const xml of [xxe, '<cXML><Header></cXML>', '<Other/>']) {
      expect(() => parseCxml(xml)).toThrow(CxmlError);
    }
  });

  it('answers a Response whose Status carries the code, its text and the message, escaped', () => {
    const xml = cxmlResponse('shop.example', { code: 401, text: 'Unauthorized', message: 'Bad <sender> & secret' });
    const root = parseCxml(xml);
    const status = child(child(root, 'Response'), 'Status');
    expect([attr(status, 'code'), attr(status, 'text'), textAt(status)]).toEqual(['401', 'Unauthorized', 'Bad <sender> & secret']);
    expect(attr(root, 'payloadID')).toMatch(/@shop\.example$/);
  });
});

describe('cXML endpoints', () => {
  async function appWith(handler: () => Promise<string>) {
    const app = Fastify();
    await registerCxmlScope(app, 'https://shop.example', { '/test': handler });
    return app;
  }
  const statusOf = (body: string) => {
    const status = child(child(parseCxml(body), 'Response'), 'Status');
    return { code: attr(status, 'code'), text: attr(status, 'text') };
  };

  it('answers every failure as cXML with its status, never HTML or JSON', async () => {
    const app = await appWith(async () => { throw unauthorisedCxml('The sender could not be authenticated.'); });
    const refused = await app.inject({ method: 'POST', url: '/punchout/cxml/test', headers: { 'content-type': 'text/xml' }, payload: SETUP });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^text\/xml/);
    expect(statusOf(refused.body)).toEqual({ code: '401', text: 'Unauthorized' });

    const malformed = await app.inject({ method: 'POST', url: '/punchout/cxml/test', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect(malformed.statusCode).toBe(400);
    expect(statusOf(malformed.body)).toEqual({ code: '400', text: 'Bad Request' });

    const elsewhere = await app.inject({ method: 'POST', url: '/punchout/cxml/nowhere', payload: SETUP, headers: { 'content-type': 'text/xml' } });
    expect(elsewhere.statusCode).toBe(404);
    expect(statusOf(elsewhere.body).code).toBe('404');
    await app.close();
  });

  it('reads a document posted as the cxml-urlencoded form field', async () => {
    let seen = '';
    const app = await appWith(async () => { seen = 'yes'; return cxmlResponse('shop.example', { code: 200, text: 'OK' }); });
    const response = await app.inject({
      method: 'POST', url: '/punchout/cxml/test', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ 'cxml-urlencoded': SETUP }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(seen).toBe('yes');
    await app.close();
  });
});
