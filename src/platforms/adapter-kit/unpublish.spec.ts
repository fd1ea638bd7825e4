import { unpublishOrder } from './unpublish';

describe('unpublishOrder', () => {
  it('deletes a single post by its id', () => expect(unpublishOrder({ postedId: 'a' })).toEqual(['a']));
  it('deletes a reply chain last part first', () => expect(unpublishOrder({ postedId: 'a', partIds: ['a', 'b', 'c'] })).toEqual(['c', 'b', 'a']));
  it('adds the head when the parts leave it out, once', () => {
    expect(unpublishOrder({ postedId: 'a', partIds: ['b', 'c'] })).toEqual(['c', 'b', 'a']);
    expect(unpublishOrder({ postedId: 'a', partIds: ['a', 'b', 'b', ''] })).toEqual(['b', 'a']);
  });
});
