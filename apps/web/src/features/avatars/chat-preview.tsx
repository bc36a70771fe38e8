import { ImageIcon, MessageCircleIcon, WorkflowIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * SPEC §2: with no avatar selected, a prompt to select one and an Enhanced AI Chat Preview with
 * three static demo tabs: Images, Social, AI Flow.
 */
export function ChatPreview() {
  return (
    <section
      aria-labelledby="chat-preview-title"
      className="flex min-w-0 flex-col gap-5 rounded-lg border border-border bg-card/85 p-5"
    >
      <div className="text-center">
        <p className="label-mono text-neon-lime">SELECT_AN_AVATAR</p>
        <p className="mt-2 text-sm text-muted-foreground">
          Choose an avatar from MY_AVATARS to open a neural link and start chatting.
        </p>
      </div>
      <div className="rounded-md border border-primary/30 bg-background/60 p-4">
        <h3 id="chat-preview-title" className="font-display text-base font-bold tracking-wide text-primary">
          Enhanced AI Chat Preview
        </h3>
        <Tabs defaultValue="images" className="mt-4">
          <TabsList aria-label="Demo">
            <TabsTrigger value="images">
              <ImageIcon aria-hidden="true" />
              Images
            </TabsTrigger>
            <TabsTrigger value="social">
              <MessageCircleIcon aria-hidden="true" />
              Social
            </TabsTrigger>
            <TabsTrigger value="flow">
              <WorkflowIcon aria-hidden="true" />
              AI Flow
            </TabsTrigger>
          </TabsList>
          <TabsContent value="images">
            <DemoExchange
              ask="Make me a neon skyline as an NFT"
              reply="Rendering a glowing skyline in digital_art style… done. Want me to mint it on Base?"
              actions={['GENERATE IMAGE', 'MINT ART NFT']}
            />
          </TabsContent>
          <TabsContent value="social">
            <DemoExchange
              ask="Announce my new drop on Farcaster"
              reply="Drafted a cast with your artwork and a mint link. Ready to post when you are."
              actions={['FARCASTER POST']}
            />
          </TabsContent>
          <TabsContent value="flow">
            <DemoExchange
              ask="Build a landing page for my collection"
              reply="Scaffolding the site, deploying it, then verifying the task on-chain for +75 XP."
              actions={['DEPLOY WEBSITE', 'VERIFY TASK']}
            />
          </TabsContent>
        </Tabs>
      </div>
    </section>
  );
}

function DemoExchange({ ask, reply, actions }: { ask: string; reply: string; actions: string[] }) {
  return (
    <div className="flex flex-col gap-3 pt-2 text-sm">
      <p className="ml-auto max-w-[85%] rounded-lg border border-neon-magenta/40 bg-neon-magenta/10 px-3 py-2">{ask}</p>
      <p className="max-w-[85%] rounded-lg border border-primary/30 bg-primary/5 px-3 py-2">{reply}</p>
      <ul className="flex flex-wrap gap-2" aria-label="Demo actions">
        {actions.map((a) => (
          <li key={a} className="label-mono rounded border border-primary/40 px-2 py-1 text-primary">
            {a}
          </li>
        ))}
      </ul>
    </div>
  );
}
