import { expect } from 'vitest';

/** Reads a server-rendered page as a crawler without JavaScript does: its head tags, its text, its links. */
export class PageHtml {
  constructor(readonly html: string) {}

  get head(): string {
    return this.html.slice(0, this.html.indexOf('</head>'));
  }

  /** The markup inside the app's root, without the state script the browser hydrates from. */
  get body(): string {
    const root = this.html.slice(this.html.indexOf('<div id="root">'));
    return root.replace(/<script id="server-state"[\s\S]*?<\/script>/, '');
  }

  get text(): string {
    return decode(this.body.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
  }

  get title(): string | undefined {
    const found = /<title>([\s\S]*?)<\/title>/.exec(this.head);
    return found ? decode(found[1]) : undefined;
  }

  /** `name` or `property` attribute. */
  meta(key: string): string | undefined {
    const tag = this.tags('meta').find((attributes) => attributes.name === key || attributes.property === key);
    return tag?.content;
  }

  links(rel: string): Record<string, string>[] {
    return this.tags('link').filter((attributes) => attributes.rel === rel);
  }

  get canonical(): string | undefined {
    return this.links('canonical')[0]?.href;
  }

  get htmlAttributes(): Record<string, string> {
    return attributesOf(/<html\b([^>]*)>/.exec(this.html)![1]);
  }

  jsonLd(): Record<string, unknown>[] {
    return [...this.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .flatMap((match) => [JSON.parse(match[1]) as Record<string, unknown> | Record<string, unknown>[]].flat());
  }

  ofType(type: string): Record<string, unknown> {
    const found = this.jsonLd().find((item) => item['@type'] === type);
    expect(found, `JSON-LD of type ${type}`).toBeDefined();
    return found!;
  }

  anchors(): string[] {
    return [...this.body.matchAll(/<a\b([^>]*)>/g)].map((match) => attributesOf(match[1]).href).filter(Boolean).map(decode);
  }

  inlineScripts(): string[] {
    return [...this.html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  }

  private tags(name: string): Record<string, string>[] {
    return [...this.head.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((match) => attributesOf(match[1]));
  }
}

function decode(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function attributesOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], decode(match[2])]));
}
